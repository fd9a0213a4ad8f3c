// The Mantine CSS the visitors' sign-in pages do not need (signed-in shell, menus, modals, tables, …).
// Imported by the signed-in layout and by every page outside it that uses these components; Vite loads it
// with their chunks, after mantine-styles.ts, whose base components (UnstyledButton, Input, CloseButton …)
// these build on. Bases of this sheet (Popover … InlineInput) come first, as there.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/ScrollArea.css';
// SegmentedControl's indicator is a FloatingIndicator: without its sheet the indicator is not positioned.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tooltip.css';

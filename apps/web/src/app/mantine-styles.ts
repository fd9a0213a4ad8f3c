// Mantine CSS per component (STACK "Web"): only what the app uses, not the whole styles.css. This sheet
// is the render-blocking one, so it holds only what the visitors' pages (sign-in first) and the app frame
// need; mantine-styles-app.ts loads with the pages that use the rest.
// Order matters: Mantine's base components (UnstyledButton … Flex) before the ones built on them,
// or e.g. UnstyledButton's reset would win over Button's background.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import './global.css';
// Last, as MantineProvider's <style> tags came after every stylesheet: the theme's variables (app/providers.tsx).
import './mantine-theme.css';

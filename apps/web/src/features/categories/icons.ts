import {
  IconArrowsExchange,
  IconBabyCarriage,
  IconBarbell,
  IconBeer,
  IconBolt,
  IconBook,
  IconBriefcase,
  IconBuildingBank,
  IconBus,
  IconCar,
  IconCash,
  IconCategory,
  IconChartCandle,
  IconChartLine,
  IconCoffee,
  IconCoins,
  IconConfetti,
  IconCreditCard,
  IconDeviceLaptop,
  IconDeviceMobile,
  IconDots,
  IconDroplet,
  IconGasStation,
  IconGift,
  IconHeartbeat,
  IconHeartHandshake,
  IconHome,
  IconMovie,
  IconMusic,
  IconPaw,
  IconPigMoney,
  IconPill,
  IconPlane,
  IconReceipt,
  IconSchool,
  IconShirt,
  IconShoppingBag,
  IconTool,
  IconToolsKitchen2,
  IconUmbrella,
  IconWifi,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type IconComponent = ComponentType<{ size?: number; stroke?: number }>;

/**
 * Category icons by the Tabler name the API stores (system categories use these names, see the API's
 * reference data). The keys are also the catalogue keys of their accessible names (ledger.categories.icons).
 */
export const CATEGORY_ICONS = {
  home: IconHome,
  'tools-kitchen-2': IconToolsKitchen2,
  car: IconCar,
  'gas-station': IconGasStation,
  bus: IconBus,
  heartbeat: IconHeartbeat,
  pill: IconPill,
  school: IconSchool,
  book: IconBook,
  confetti: IconConfetti,
  movie: IconMovie,
  music: IconMusic,
  coffee: IconCoffee,
  beer: IconBeer,
  'shopping-bag': IconShoppingBag,
  shirt: IconShirt,
  receipt: IconReceipt,
  bolt: IconBolt,
  droplet: IconDroplet,
  wifi: IconWifi,
  'device-mobile': IconDeviceMobile,
  'building-bank': IconBuildingBank,
  plane: IconPlane,
  paw: IconPaw,
  'baby-carriage': IconBabyCarriage,
  barbell: IconBarbell,
  tool: IconTool,
  gift: IconGift,
  'heart-handshake': IconHeartHandshake,
  briefcase: IconBriefcase,
  'device-laptop': IconDeviceLaptop,
  cash: IconCash,
  'credit-card': IconCreditCard,
  'chart-line': IconChartLine,
  'pig-money': IconPigMoney,
  'chart-candle': IconChartCandle,
  coins: IconCoins,
  umbrella: IconUmbrella,
  'arrows-exchange': IconArrowsExchange,
  dots: IconDots,
} as const satisfies Record<string, IconComponent>;

export type CategoryIconName = keyof typeof CATEGORY_ICONS;
export const CATEGORY_ICON_NAMES = Object.keys(CATEGORY_ICONS) as CategoryIconName[];

export function isCategoryIconName(name: string | null | undefined): name is CategoryIconName {
  return typeof name === 'string' && Object.hasOwn(CATEGORY_ICONS, name);
}

/** The icon for a stored name; unknown or missing names get the generic category icon. */
export function categoryIcon(name: string | null | undefined): IconComponent {
  return isCategoryIconName(name) ? CATEGORY_ICONS[name] : IconCategory;
}

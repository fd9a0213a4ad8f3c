import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Areas of later issues: a real, translated page inside the layout, not a blank. */
export function BudgetRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.budget')} />;
}

export function CardRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.card')} />;
}

export function DashboardRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.dashboard')} />;
}

export function AnalysisRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.analysis')} />;
}

export function ByCategoryRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.byCategory')} />;
}

export function SocialSignInRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.socialSignIn')} />;
}

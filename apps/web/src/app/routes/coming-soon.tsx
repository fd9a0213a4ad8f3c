import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Areas of later issues: a real, translated page inside the layout, not a blank. */
export function SocialSignInRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.socialSignIn')} inSentence={t('areasInSentence.socialSignIn')} />;
}

import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { LoggedOutLayout } from './layouts/LoggedOutLayout.tsx';
import { lazyPage } from './lazy-page.ts';
import { paths } from './paths.ts';
import { RootLayout } from './RootLayout.tsx';
import { DevOnly, isNumericId, NotFound, RequireAuth, ValidRoute, VisitorOnly } from './routes/guards.tsx';

// Every page is a lazy chunk, so the first load carries only the shell and the page asked for.
// The signed-in shell (AppShell, menus) is a chunk of its own: visitors never load it. Each page names
// the catalogue namespaces it shows, which download with its code.
const AnalysisRoute = lazyPage(() => import('../features/reports/pages/AnalysisPage.tsx'), 'AnalysisPage', [
  'reports',
]);
const BudgetRoute = lazyPage(() => import('../features/budgets/pages/BudgetPage.tsx'), 'BudgetPage', [
  'reports',
  'entries',
]);
const ByCategoryRoute = lazyPage(
  () => import('../features/reports/pages/ByCategoryPage.tsx'),
  'ByCategoryPage',
  ['reports'],
);
const CardRoute = lazyPage(() => import('../features/cards/pages/CardPage.tsx'), 'CardPage', ['cards']);
const DashboardRoute = lazyPage(
  () => import('../features/dashboard/pages/DashboardPage.tsx'),
  'DashboardPage',
  ['reports'],
);
const MyPlanRoute = lazyPage(() => import('../features/billing/pages/MyPlanPage.tsx'), 'MyPlanPage', [
  'billing',
]);
// Social sign-in and the second step (issue 22).
const ThirdPartyAuthPage = lazyPage(
  () => import('../features/auth/pages/ThirdPartyAuthPage.tsx'),
  'ThirdPartyAuthPage',
  ['auth'],
);
const SocialCallbackPage = lazyPage(
  () => import('../features/auth/pages/SocialCallbackPage.tsx'),
  'SocialCallbackPage',
  ['auth'],
);
const TwoFactorPage = lazyPage(() => import('../features/auth/pages/TwoFactorPage.tsx'), 'TwoFactorPage', [
  'auth',
  'validation',
]);
const UpgradeRoute = lazyPage(() => import('../features/billing/pages/UpgradePage.tsx'), 'UpgradePage', [
  'billing',
]);
// The navigation lists the cards (features/cards), so their texts come with the shell.
const LoggedInLayout = lazyPage(() => import('./layouts/LoggedInLayout.tsx'), 'LoggedInLayout', ['cards']);
const LandingPage = lazyPage(() => import('../features/landing/pages/LandingPage.tsx'), 'LandingPage', [
  'landing',
  'billing',
]);
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage.tsx'), 'LoginPage', ['auth']);
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage.tsx'), 'RegisterPage', [
  'auth',
]);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
  ['auth'],
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
  ['auth'],
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/VerifyEmailPage.tsx'),
  'VerifyEmailPage',
  ['auth'],
);
const WelcomePage = lazyPage(() => import('../features/auth/pages/WelcomePage.tsx'), 'WelcomePage', ['auth']);
const ProfilePage = lazyPage(() => import('../features/profile/pages/ProfilePage.tsx'), 'ProfilePage', [
  'settings',
]);
const MePage = lazyPage(() => import('../features/profile/pages/MePage.tsx'), 'MePage');
const PreferencesPage = lazyPage(
  () => import('../features/preferences/pages/PreferencesPage.tsx'),
  'PreferencesPage',
  ['settings'],
);
const LogsPage = lazyPage(() => import('../features/logs/pages/LogsPage.tsx'), 'LogsPage', ['settings']);
const HelpPage = lazyPage(() => import('../features/help/pages/HelpPage.tsx'), 'HelpPage', ['help']);
const EntriesListPage = lazyPage(
  () => import('../features/entries/pages/EntriesListPage.tsx'),
  'EntriesListPage',
  ['entries', 'ledger'],
);
const AccountListPage = lazyPage(
  () => import('../features/accounts/pages/AccountListPage.tsx'),
  'AccountListPage',
  ['ledger'],
);
const AccountFilterFormPage = lazyPage(
  () => import('../features/accounts/pages/AccountFilterFormPage.tsx'),
  'AccountFilterFormPage',
  ['ledger'],
);
const CategoriesPage = lazyPage(
  () => import('../features/categories/pages/CategoriesPage.tsx'),
  'CategoriesPage',
  ['ledger'],
);
const ImportPage = lazyPage(() => import('../features/import/pages/ImportPage.tsx'), 'ImportPage', [
  'import',
  'ledger',
]);
const TagsPage = lazyPage(() => import('../features/tags/pages/TagsPage.tsx'), 'TagsPage', ['ledger']);
const RulesPage = lazyPage(() => import('../features/rules/pages/RulesPage.tsx'), 'RulesPage', ['ledger']);
// Development galleries: in a production build the import is dropped and the route is a 404.
const ComponentsGallery = import.meta.env.DEV
  ? lazyPage(() => import('./routes/dev/ComponentsGallery.tsx'), 'ComponentsGallery')
  : NotFound;
const FormsGallery = import.meta.env.DEV
  ? lazyPage(() => import('./routes/dev/FormsGallery.tsx'), 'FormsGallery')
  : NotFound;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // No layout (spec §2).
      {
        path: paths.landing,
        element: (
          <VisitorOnly>
            <LandingPage />
          </VisitorOnly>
        ),
      },
      {
        path: paths.me,
        element: (
          <RequireAuth>
            <MePage />
          </RequireAuth>
        ),
      },
      { path: paths.accountFilterForm, element: <AccountFilterFormPage /> },
      {
        path: paths.components,
        element: (
          <DevOnly>
            <ComponentsGallery />
          </DevOnly>
        ),
      },
      {
        path: paths.allForms,
        element: (
          <DevOnly>
            <FormsGallery />
          </DevOnly>
        ),
      },
      // Visitors' layout.
      {
        element: <LoggedOutLayout />,
        children: [
          {
            path: paths.auth.login,
            element: (
              <VisitorOnly>
                <LoginPage />
              </VisitorOnly>
            ),
          },
          {
            path: paths.auth.register,
            element: (
              <VisitorOnly>
                <RegisterPage />
              </VisitorOnly>
            ),
          },
          { path: paths.auth.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.auth.resetPassword, element: <ResetPasswordPage /> },
          { path: paths.auth.verifyEmail, element: <VerifyEmailPage /> },
          { path: paths.welcome, element: <WelcomePage /> },
          { path: paths.thirdPartyAuth, element: <ThirdPartyAuthPage /> },
          { path: paths.socialCallback, element: <SocialCallbackPage /> },
          {
            path: paths.auth.twoFactor,
            element: (
              <VisitorOnly>
                <TwoFactorPage />
              </VisitorOnly>
            ),
          },
        ],
      },
      // Signed-in layout with the auth check.
      {
        element: <LoggedInLayout />,
        children: [
          { path: paths.accountList, element: <AccountListPage /> },
          { path: paths.budget, element: <BudgetRoute /> },
          {
            path: paths.card.pattern,
            element: (
              <ValidRoute check={isNumericId}>
                <CardRoute />
              </ValidRoute>
            ),
          },
          { path: paths.configs.categories, element: <CategoriesPage /> },
          { path: paths.configs.myPlan, element: <MyPlanRoute /> },
          { path: paths.configs.upgrade, element: <UpgradeRoute /> },
          { path: paths.configs.preferences, element: <PreferencesPage /> },
          { path: paths.configs.tags, element: <TagsPage /> },
          { path: paths.configs.rules, element: <RulesPage /> },
          { path: paths.dashboard, element: <DashboardRoute /> },
          { path: paths.entriesList, element: <EntriesListPage /> },
          { path: paths.importPage.pattern, element: <ImportPage /> },
          { path: paths.help, element: <HelpPage /> },
          { path: paths.logs, element: <LogsPage /> },
          { path: paths.profile, element: <ProfilePage /> },
          { path: paths.reports.analysis, element: <AnalysisRoute /> },
          { path: paths.reports.byCategory, element: <ByCategoryRoute /> },
        ],
      },
      // Unmatched: a non-fatal 404 page (spec §8).
      { path: '*', element: <NotFound /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/** Declarative router: the app has no loaders or actions. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

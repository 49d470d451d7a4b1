import AccountIcon from '@mui/icons-material/AccountCircle';
import { OfflineBar } from '../offline/OfflineBar';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { Alert, IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import {
  AppBar as RaAppBar,
  Layout as RaLayout,
  LoadingIndicator,
  TitlePortal,
  UserMenu as RaUserMenu,
  useBasename,
  useDataProvider,
  useLoading,
  useLogout,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { officeTimeZone } from '../common/format';
import { useLoadingSignal } from '../common/loadingBar';
import { DEMONSTRATION_BANNER, usePaymentMode } from '../common/paymentMode';
import { themeToggleLabel, toggleThemeMode, useThemeMode } from '../common/theme';
import { AccessGuard } from './AccessGuard';
import type { ExamensDataProvider } from './dataProvider';
import { Menu } from './Menu';

const ThemeToggleButton = () => {
  const mode = useThemeMode();
  const label = themeToggleLabel(mode);
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={toggleThemeMode}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
};

const MyAccountItem = () => {
  const basename = useBasename();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={`${basename}/mon-compte`} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <AccountIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Mon compte</ListItemText>
    </MenuItem>
  );
};

const ThemeItem = () => {
  const mode = useThemeMode();
  return (
    <MenuItem onClick={toggleThemeMode}>
      <ListItemIcon>
        {mode === 'dark' ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
      </ListItemIcon>
      <ListItemText>{themeToggleLabel(mode)}</ListItemText>
    </MenuItem>
  );
};

const SignOutItem = () => {
  const logout = useLogout();
  return (
    <MenuItem onClick={() => void logout()}>
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Se déconnecter</ListItemText>
    </MenuItem>
  );
};

const UserMenu = () => (
  <RaUserMenu label="Menu utilisateur">
    <MyAccountItem />
    <ThemeItem />
    <SignOutItem />
  </RaUserMenu>
);

const AppBar = () => (
  <RaAppBar
    // Hidden on scroll, the app bar took the theme switch and the user menu out of reach.
    alwaysOn
    userMenu={<UserMenu />}
    toolbar={
      <>
        <ThemeToggleButton />
        <LoadingIndicator />
      </>
    }
  >
    <TitlePortal />
  </RaAppBar>
);

/** react-admin's fetches and saves drive the top loading bar, like page loads. */
const LoadingBridge = () => {
  useLoadingSignal(useLoading());
  return null;
};

/** The office's time zone, told once by `GET /api/informations`: every time shown follows it. */
const OfficeTimeZoneBridge = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const { data } = useQuery({
    queryKey: ['informations'],
    queryFn: () => dataProvider.informations(),
    staleTime: Infinity,
    retry: false,
  });
  const zone = data?.fuseauHoraire;
  useEffect(() => {
    if (zone) officeTimeZone.set(zone);
  }, [zone]);
  return null;
};

/** PAYMENT_PROVIDER=demonstration: every dashboard page says that no payment is real. */
const DemonstrationBanner = () => {
  const mode = usePaymentMode();
  if (!mode.demonstration) return null;
  return (
    <Alert severity="warning" role="status" className="demonstration-banner" sx={{ mb: 1 }}>
      <strong>{DEMONSTRATION_BANNER}</strong> — les paiements en ligne sont simulés ; ils sont
      montrés à part et ne comptent dans les frais que si la session le prévoit.
    </Alert>
  );
};

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout menu={Menu} appBar={AppBar}>
    <LoadingBridge />
    <OfficeTimeZoneBridge />
    <DemonstrationBanner />
    <OfflineBar />
    <AccessGuard>{children}</AccessGuard>
  </RaLayout>
);

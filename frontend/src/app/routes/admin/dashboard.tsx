import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { SetupNotice } from '../../../features/settings/components/setup-notice';
import { useCan } from '../../../shared/auth/access';
import { useCinemaState } from '../../../shared/cinema/use-cinema';

/**
 * /admin/dashboard. Before the cinema's details were ever saved (a deployment's first start) the admin is sent
 * to the setup form instead, and other staff are told the site waits for it.
 */
export default function Dashboard() {
  const { unconfigured } = useCinemaState();
  const mayConfigure = useCan()('settings', 'update');
  if (unconfigured && mayConfigure) return <Navigate to={paths.adminSection('settings')} replace />;
  return (
    <>
      {unconfigured && <SetupNotice />}
      <DashboardPage />
    </>
  );
}

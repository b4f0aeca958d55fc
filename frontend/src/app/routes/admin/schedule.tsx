import { AdminSessions } from '../../../features/schedule/components/admin-sessions';

export default AdminSessions;

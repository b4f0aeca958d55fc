import { UsersTable } from '../../../features/users/components/users-table';

export default UsersTable;

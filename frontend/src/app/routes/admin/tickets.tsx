import { StaffTicketsTable } from '../../../features/tickets/components/staff-tickets-table';

export default StaffTicketsTable;

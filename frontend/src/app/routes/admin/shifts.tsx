import { ShiftsTable } from '../../../features/shifts/components/shifts-table';

export default ShiftsTable;

import { AdminPersons } from '../../../features/persons/components/admin-persons';

export default AdminPersons;

import { AdminDocuments } from '../../../features/documents/components/admin-documents';

export default AdminDocuments;

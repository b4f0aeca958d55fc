import { DocumentEditor } from '../../../features/documents/components/document-editor';

export default DocumentEditor;

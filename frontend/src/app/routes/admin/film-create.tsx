import { FilmImportForm } from '../../../features/films/components/admin/film-import-form';

export default FilmImportForm;

import { FilmTable } from '../../../features/films/components/admin/film-table';

export default FilmTable;

import { SubtitlesPage } from '../../../features/reports/components/subtitles-page';

export default SubtitlesPage;

import { NewsCreateForm } from '../../../features/news/components/news-create-form';

export default NewsCreateForm;

import { AdminNews } from '../../../features/news/components/admin-news';

export default AdminNews;

import { useApiQuery } from '../../../shared/api/hooks';

export const useNewsList = () => useApiQuery('GET /news');

/** `id` as it stands in the address; the API answers 400 or 404 when it is not an article. */
export const useNewsArticle = (id: string) => useApiQuery('GET /news/:id', { params: { id } });

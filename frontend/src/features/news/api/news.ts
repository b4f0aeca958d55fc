import type { NewsCard, NewsDetail } from '@kino/backend/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export function useNewsList() {
  return useQuery({ queryKey: ['news'], queryFn: ({ signal }) => api.get<NewsCard[]>('/news', { signal }) });
}

/** `id` as it stands in the address; the API answers 400 or 404 when it is not an article. */
export function useNewsArticle(id: string) {
  return useQuery({
    queryKey: ['news', id],
    queryFn: ({ signal }) => api.get<NewsDetail>(`/news/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The cinema's documents: the public page's read, and the back office's list, history and edit. */
import { queryKeyOf } from '../../../shared/api/client';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';

export const useDocument = (slug: string) => useApiQuery('GET /documents/:slug', { params: { slug } });
export const useDocumentList = () => useApiQuery('GET /documents');
export const useDocumentHistory = (slug: string) => useApiQuery('GET /documents/:slug/versions', { params: { slug } });

/** Publishes a new version; the list, the history and the public page read again. */
export function usePublishDocument(slug: string) {
  const queryClient = useQueryClient();
  return useApiMutation('PUT /documents/:slug', {
    onSuccess: () => {
      invalidate(queryClient, 'GET /documents', 'GET /documents/:slug/versions');
      void queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /documents/:slug', { params: { slug } }) });
    },
  });
}

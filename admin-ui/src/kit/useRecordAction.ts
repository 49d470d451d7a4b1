import { useMutation } from '@tanstack/react-query';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
} from 'react-admin';
import type { ExamensDataProvider } from '../dashboard/dataProvider';

/**
 * A command on the page's record (`POST /api/<resource>/:id/<action>`), sent with the version the
 * user saw (If-Match): the success said in French and the page read again; a refusal shows the
 * server's French message unless the caller places it itself (under a field).
 */
export const useRecordAction = <E extends Error = Error>({
  action,
  data,
  success,
  onSuccess,
  onSettled,
  onError,
}: {
  action: string;
  data?: unknown;
  /** The notification, a text or an app.* key. */
  success: string;
  onSuccess?: () => void;
  onSettled?: () => void;
  onError?: (error: E) => void;
}) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // `mutate(values)` sends values known only at submission (a form's); otherwise `data`.
  return useMutation<unknown, E, unknown>({
    mutationFn: (values?: unknown) =>
      dataProvider.action(resource!, {
        id: record!.id,
        action,
        previousData: record!,
        data: values ?? data,
      }),
    onSuccess: () => {
      notify(success, { type: 'success' });
      onSuccess?.();
      refresh();
    },
    onError: onError ?? ((error) => notify(error.message, { type: 'error' })),
    onSettled,
  });
};

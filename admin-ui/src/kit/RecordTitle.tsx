import { useGetRecordRepresentation, useRecordContext, useResourceContext } from 'react-admin';

/** "Langue FR — Français": the item's kind, then its name as the resource represents records. */
export const RecordTitle = ({ itemLabel }: { itemLabel: string }) => {
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(useResourceContext());
  return (
    <span>
      {itemLabel}
      {record ? <> {represent(record)}</> : null}
    </span>
  );
};

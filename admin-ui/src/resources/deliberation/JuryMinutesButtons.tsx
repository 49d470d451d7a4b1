import { Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';

/**
 * The PV of a closed jury, one button per centre d'examen (made by the workers, downloaded when
 * ready): for « Résultats et PV », whose holders may generate it (« Délibérer ») without archiving.
 */
export const JuryMinutesButtons = ({
  sessionId,
  juryId,
}: {
  sessionId: string;
  juryId: string;
}) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [centres, setCentres] = useState<{ id: string; libelle: string }[]>([]);
  useEffect(() => {
    dataProvider
      .read<{ centres?: { id: string; libelle: string }[] }>(
        `archives-pv/choix?${new URLSearchParams({ sessionId, juryId }).toString()}`,
      )
      .then((found) => setCentres(found.centres ?? []))
      .catch(() => setCentres([]));
  }, [sessionId, juryId]);
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
      {centres.map((centre) => (
        <DownloadDocumentButton
          key={centre.id}
          kind="proces-verbal"
          label={`PV — ${centre.libelle} (PDF)`}
          cible={{ sessionId, juryId, centreExamenId: centre.id }}
        />
      ))}
    </Stack>
  );
};

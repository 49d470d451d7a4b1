import { Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { readAfterCommand } from '../grades/shared';

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
  const [centres, setCentres] = useState<{ id: string; libelle: string }[]>([]);
  useEffect(() => {
    readAfterCommand<{ centres?: { id: string; libelle: string }[] }>(
      `/api/archives-pv/choix?${new URLSearchParams({ sessionId, juryId }).toString()}`,
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

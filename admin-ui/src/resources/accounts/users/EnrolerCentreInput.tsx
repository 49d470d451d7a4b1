import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, ReferenceInput, required, useDataProvider } from 'react-admin';
import { ENROLER_CENTRE_DEPOT } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';
import { requiredMessage } from '../../../kit/fields';
import { referenceResource } from '../../../kit/routes';

/**
 * An enrôleur's centre de dépôt: any active centre for a national user; for a user attached to a
 * centre, their own only, chosen already (the server refuses any other: centres stay apart).
 */
export const EnrolerCentreInput = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['mon-compte', 'centreDepotId'],
    queryFn: () => dataProvider.read<{ centreDepotId?: string | null }>('mon-compte'),
  });
  // Drawn once the person's centre is known: the default and the choices depend on it.
  if (isPending) return null;
  const own = data?.centreDepotId ?? null;
  return (
    <ReferenceInput
      source={ENROLER_CENTRE_DEPOT.name}
      reference={referenceResource(ENROLER_CENTRE_DEPOT.reference!)}
      filter={own ? { actif: true, id: own } : { actif: true }}
      sort={{ field: 'libelle', order: 'ASC' }}
      perPage={50}
    >
      <AutocompleteInput
        optionText="libelle"
        label={ENROLER_CENTRE_DEPOT.label}
        defaultValue={own ?? undefined}
        validate={required(requiredMessage(ENROLER_CENTRE_DEPOT))}
        helperText={
          own
            ? 'Votre compte est rattaché à ce centre de dépôt : les enrôleurs que vous gérez le sont aussi.'
            : ENROLER_CENTRE_DEPOT.help
        }
        noOptionsText="Aucun élément actif ne correspond."
        sx={{ minWidth: 320 }}
      />
    </ReferenceInput>
  );
};

import { useQuery } from '@tanstack/react-query';
import { required, SelectInput, useDataProvider } from 'react-admin';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';

interface GrantableProfile {
  readonly id: string;
  readonly libelle: string;
}

/**
 * The profile of a user or an enrôleur: only the profiles the person may give, those whose
 * permissions are all among their own, as the server lists them (`GET /api/profils/attribuables`);
 * the server refuses any other.
 */
export const GrantableProfileInput = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['profils', 'attribuables'],
    queryFn: () => dataProvider.read<GrantableProfile[]>('profils/attribuables'),
  });
  return (
    <SelectInput
      source="profilId"
      label="Profil"
      choices={data ?? []}
      optionText="libelle"
      translateChoice={false}
      isPending={isPending}
      validate={required('Le profil est obligatoire.')}
      helperText={
        error
          ? (error as Error).message
          : 'Seuls les profils dont vous détenez toutes les permissions sont proposés.'
      }
    />
  );
};

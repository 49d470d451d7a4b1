import { TextField } from 'react-admin';
import { DateTimeField } from '../common/fields';
import type { ResourceDeclaration } from './declaration';

/** "Créé le", or "Créée le" for a feminine item. */
export const auditLabels = ({ feminine }: Pick<ResourceDeclaration, 'feminine'>) => {
  const e = feminine ? 'e' : '';
  return {
    creePar: `Créé${e} par`,
    creeLe: `Créé${e} le`,
    modifiePar: `Modifié${e} par`,
    modifieLe: `Modifié${e} le`,
  };
};

/** Who created and last modified the item, and when: the last lines of every item's details. */
export const auditStamps = (declaration: ResourceDeclaration) => {
  const labels = auditLabels(declaration);
  return [
    <TextField key="creePar" source="creePar" label={labels.creePar} />,
    <DateTimeField key="creeLe" source="creeLe" label={labels.creeLe} />,
    <TextField key="modifiePar" source="modifiePar" label={labels.modifiePar} />,
    <DateTimeField key="modifieLe" source="modifieLe" label={labels.modifieLe} />,
  ];
};

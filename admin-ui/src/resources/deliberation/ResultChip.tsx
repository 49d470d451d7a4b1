import { Chip, Tooltip } from '@mui/material';
import { RESULT_LABELS, type ComputedResult } from '@examens-pro/domain';
import type { Line } from './resultsModel';

const RESULT_COLORS: Record<ComputedResult, 'success' | 'warning' | 'error' | 'default'> = {
  admis: 'success',
  ajourne: 'warning',
  elimine: 'error',
  absent: 'default',
};

export const ResultChip = ({ line }: { line: Line }) => {
  if (!line.resultat)
    return (
      <Chip size="small" variant="outlined" label={`Manque : ${line.manquantes.join(', ')}`} />
    );
  const chip = (
    <Chip
      size="small"
      color={RESULT_COLORS[line.resultat]}
      label={`${RESULT_LABELS[line.resultat]}${line.derogation ? ' (décision du jury)' : ''}`}
    />
  );
  return line.derogation ? (
    <Tooltip
      title={`Résultat calculé : ${line.calcule ? RESULT_LABELS[line.calcule] : '—'}. Motif : ${line.derogation.motif}`}
    >
      {chip}
    </Tooltip>
  ) : (
    chip
  );
};

import { Chip, Tooltip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';

/** One archived version of a PV, as `/api/archives-pv` lists it. */
export interface ArchivedVersion {
  readonly id: string;
  readonly archiveId: string;
  readonly sessionId: string;
  readonly juryId: string;
  readonly centreExamenId: string;
  readonly numeroVersion: number;
  readonly derniere: boolean;
  readonly libelle: string;
  readonly session: string;
  readonly sha256: string;
  readonly taille: number;
  readonly pages: number;
  readonly numeroArrete: string;
  readonly dateArrete: string;
  readonly archiveLe: string;
  readonly archivePar: string;
}

export interface Integrity {
  readonly integre: boolean;
  readonly statut: 'Intègre' | 'Altéré';
  readonly sha256Calcule: string | null;
  readonly message: string;
}

/** Where an archived version opens (`apercu`: in the browser) or downloads. */
export const archivedFileUrl = (id: string, apercu = false) =>
  `/api/archives-pv/${encodeURIComponent(id)}/fichier${apercu ? '?apercu=1' : ''}`;

/** « 12,4 ko » */
export const formatSize = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} o`
    : `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / 1024)} ko`;

/** A SHA-256 shown short (the first and last characters), whole on hover and when copied. */
export const Sha256 = ({ value }: { value: string }) => (
  <Tooltip title={value}>
    <code style={{ fontSize: '0.8rem' }} aria-label={`SHA-256 ${value}`}>
      {value.slice(0, 12)}…{value.slice(-6)}
    </code>
  </Tooltip>
);

export const IntegrityChip = ({ integrity }: { integrity: Integrity }) => (
  <Tooltip title={integrity.message}>
    <Chip
      size="small"
      color={integrity.integre ? 'success' : 'error'}
      label={integrity.statut}
      aria-label={integrity.message}
    />
  </Tooltip>
);

export type Generation =
  | { readonly etat: 'repos' }
  | { readonly etat: 'en-cours'; readonly progression: number }
  | { readonly etat: 'genere'; readonly documentId: string }
  | { readonly etat: 'echec'; readonly message: string };

/**
 * Asks the workers for a PV of a jury's centre and follows it to the end: its document id once
 * generated (to preview and archive it), or the French reason it failed.
 */
export const usePvGeneration = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [generation, setGeneration] = useState<Generation>({ etat: 'repos' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const follow = async (id: string): Promise<void> => {
    try {
      const state = await dataProvider.documentProgress(id);
      if (state.statut === 'genere') setGeneration({ etat: 'genere', documentId: id });
      else if (state.statut === 'echec')
        setGeneration({
          etat: 'echec',
          message: state.raison ?? 'La génération du procès-verbal a échoué.',
        });
      else {
        setGeneration({ etat: 'en-cours', progression: state.progression });
        timer.current = setTimeout(() => void follow(id), 400);
      }
    } catch (error) {
      setGeneration({ etat: 'echec', message: (error as Error).message });
    }
  };
  const generate = async (cible: {
    sessionId: string;
    juryId: string;
    centreExamenId: string;
  }): Promise<void> => {
    clearTimeout(timer.current);
    setGeneration({ etat: 'en-cours', progression: 0 });
    try {
      const { id } = await dataProvider.requestDocument('proces-verbal', cible);
      await follow(String(id));
    } catch (error) {
      setGeneration({ etat: 'echec', message: (error as Error).message });
    }
  };
  const reset = () => {
    clearTimeout(timer.current);
    setGeneration({ etat: 'repos' });
  };
  return { generation, generate, reset };
};

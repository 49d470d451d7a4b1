import { useMemo, useState } from 'react';
import type { Etat } from './allocationModel';
import type { Centre } from './useAllocationChoices';
import type { Named } from '../../common/choices';

/** The allocation screen's filters (état, département, centre de dépôt, métier, handicap). */
export const useDossierFilters = (
  sessionId: string,
  centres: readonly Centre[],
  departements: readonly Named[],
) => {
  const [centreDepotId, setCentre] = useState('');
  const [metierId, setMetier] = useState('');
  const [departementId, setDepartement] = useState('');
  const [handicapId, setHandicap] = useState('');
  const [etat, setEtat] = useState<Etat>('valide');

  // The départements holding centres de dépôt; a département narrows the centres offered.
  const departementsWithCentres = useMemo(
    () => departements.filter((d) => centres.some((c) => c.departementId === d.id)),
    [departements, centres],
  );
  const centresShown = useMemo(
    () => (departementId ? centres.filter((c) => c.departementId === departementId) : centres),
    [centres, departementId],
  );

  const filter = useMemo(() => {
    const found: Record<string, unknown> = {
      sessionId,
      statut: etat === 'tous' ? ['valide', 'affecte'] : etat,
    };
    if (metierId) found.metierId = metierId;
    if (handicapId) found.handicapId = handicapId;
    if (centreDepotId) found.centreDepotId = centreDepotId;
    else if (departementId) found.centreDepotId = centresShown.map((c) => c.id);
    return found;
  }, [sessionId, etat, metierId, handicapId, centreDepotId, departementId, centresShown]);

  /** A département chosen: the centre chosen stays only when it is in that département. */
  const chooseDepartement = (id: string) => {
    setDepartement(id);
    if (id && !centres.some((c) => c.id === centreDepotId && c.departementId === id)) setCentre('');
  };

  return {
    centreDepotId,
    setCentre,
    metierId,
    setMetier,
    departementId,
    chooseDepartement,
    handicapId,
    setHandicap,
    etat,
    setEtat,
    departementsWithCentres,
    centresShown,
    filter,
  };
};

export type DossierFilters = ReturnType<typeof useDossierFilters>;

import { useEffect, useMemo, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AllocationReportRow } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import type { Site, SiteOption } from './allocationModel';
import { listQuery, type Named } from '../../common/choices';

export type Centre = Named & { departementId?: string };

/**
 * What the allocation screen chooses from: the filters' items and the sites (every item: an
 * inactive one is still looked for), and the session's seats site by site (read again by
 * `refreshSeats`).
 */
export const useAllocationChoices = (sessionId: string) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [centres, setCentres] = useState<Centre[]>([]);
  const [metiers, setMetiers] = useState<Named[]>([]);
  const [handicaps, setHandicaps] = useState<Named[]>([]);
  const [departements, setDepartements] = useState<Named[]>([]);
  const [sites, setSites] = useState<Site[]>([]);
  const [seats, setSeats] = useState<Map<string, AllocationReportRow>>(new Map());
  const [seatsTick, setSeatsTick] = useState(0);

  // The choices of the filters and the sites: every item (an inactive one is still looked for).
  useEffect(() => {
    const load = <T>(resource: string, set: (items: T[]) => void) =>
      dataProvider
        .read<T[]>(`${resource}?${listQuery({})}`)
        .then(set)
        .catch(() => set([]));
    void load('centres-depot', setCentres);
    void load('metiers', setMetiers);
    void load('types-handicap', setHandicaps);
    void load('departements', setDepartements);
    void load('sites-composition', setSites);
  }, []);

  // The seats of the session, site by site (the bilan's rows at the sites' level).
  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    dataProvider
      .read<{ rows: AllocationReportRow[] }>(
        `bilan-affectation?${new URLSearchParams({ sessionId, niveau: 'site' }).toString()}`,
      )
      .then((report) => {
        if (current) setSeats(new Map(report.rows.map((row) => [row.id, row])));
      })
      .catch(() => {
        if (current) setSeats(new Map());
      });
    return () => {
      current = false;
    };
  }, [sessionId, seatsTick]);

  const siteOptions = useMemo<SiteOption[]>(() => {
    const centreOf = (site: Site) => seats.get(site.id)?.centre ?? '';
    return sites
      .filter((site) => site.actif !== false)
      .map((site) => ({
        id: site.id,
        libelle: site.libelle,
        centre: centreOf(site),
        libres: seats.get(site.id)?.libres ?? site.capacite ?? 0,
        accessible: site.accessible === true,
      }))
      .sort(
        (a, b) =>
          a.centre.localeCompare(b.centre, 'fr') || a.libelle.localeCompare(b.libelle, 'fr'),
      );
  }, [sites, seats]);

  const refreshSeats = () => setSeatsTick((t) => t + 1);
  return { centres, metiers, handicaps, departements, sites, siteOptions, refreshSeats };
};

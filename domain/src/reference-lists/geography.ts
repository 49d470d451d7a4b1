/**
 * The default geography: the 10 regions of Cameroon and their 58 départements,
 * loaded as events at first start; every "par zone" / "par département" statistic reads them.
 */
export const DEFAULT_GEOGRAPHY: readonly { zone: string; departements: readonly string[] }[] = [
  { zone: 'Adamaoua', departements: ['Djérem', 'Faro-et-Déo', 'Mayo-Banyo', 'Mbéré', 'Vina'] },
  {
    zone: 'Centre',
    departements: [
      'Haute-Sanaga',
      'Lekié',
      'Mbam-et-Inoubou',
      'Mbam-et-Kim',
      'Méfou-et-Afamba',
      'Méfou-et-Akono',
      'Mfoundi',
      'Nyong-et-Kéllé',
      'Nyong-et-Mfoumou',
      'Nyong-et-So’o',
    ],
  },
  { zone: 'Est', departements: ['Boumba-et-Ngoko', 'Haut-Nyong', 'Kadey', 'Lom-et-Djérem'] },
  {
    zone: 'Extrême-Nord',
    departements: [
      'Diamaré',
      'Logone-et-Chari',
      'Mayo-Danay',
      'Mayo-Kani',
      'Mayo-Sava',
      'Mayo-Tsanaga',
    ],
  },
  { zone: 'Littoral', departements: ['Moungo', 'Nkam', 'Sanaga-Maritime', 'Wouri'] },
  { zone: 'Nord', departements: ['Bénoué', 'Faro', 'Mayo-Louti', 'Mayo-Rey'] },
  {
    zone: 'Nord-Ouest',
    departements: ['Boyo', 'Bui', 'Donga-Mantung', 'Menchum', 'Mezam', 'Momo', 'Ngo-Ketunjia'],
  },
  {
    zone: 'Ouest',
    departements: [
      'Bamboutos',
      'Haut-Nkam',
      'Hauts-Plateaux',
      'Koung-Khi',
      'Menoua',
      'Mifi',
      'Ndé',
      'Noun',
    ],
  },
  { zone: 'Sud', departements: ['Dja-et-Lobo', 'Mvila', 'Océan', 'Vallée-du-Ntem'] },
  {
    zone: 'Sud-Ouest',
    departements: ['Fako', 'Koupé-Manengouba', 'Lebialem', 'Manyu', 'Meme', 'Ndian'],
  },
];

/** A stable code from a name: upper case, no accents, words joined by dashes. */
export const geographyCode = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’']/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

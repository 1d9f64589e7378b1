import { countryCodeOf } from '@rendezvous/contract';

/**
 * The supervisory authority (GDPR art. 77) of the country a company is established in, for the
 * privacy statement: EU and EEA members and the United Kingdom. Names are the authorities' own.
 */
export interface Authority {
  name: string;
  url: string;
}

const AUTHORITIES: Record<string, Authority> = {
  AT: { name: 'Österreichische Datenschutzbehörde', url: 'https://www.dsb.gv.at' },
  BE: {
    name: 'Gegevensbeschermingsautoriteit / Autorité de protection des données',
    url: 'https://www.dataprotectionauthority.be',
  },
  BG: { name: 'Commission for Personal Data Protection', url: 'https://www.cpdp.bg' },
  CY: { name: 'Commissioner for Personal Data Protection', url: 'https://www.dataprotection.gov.cy' },
  CZ: { name: 'Úřad pro ochranu osobních údajů', url: 'https://uoou.gov.cz' },
  // Companies answer to their Land's authority; the federal one lists them all.
  DE: { name: 'Bundesbeauftragte für den Datenschutz und die Informationsfreiheit', url: 'https://www.bfdi.bund.de' },
  DK: { name: 'Datatilsynet', url: 'https://www.datatilsynet.dk' },
  EE: { name: 'Andmekaitse Inspektsioon', url: 'https://www.aki.ee' },
  ES: { name: 'Agencia Española de Protección de Datos', url: 'https://www.aepd.es' },
  FI: { name: 'Tietosuojavaltuutetun toimisto', url: 'https://tietosuoja.fi' },
  FR: { name: "Commission nationale de l'informatique et des libertés (CNIL)", url: 'https://www.cnil.fr' },
  GR: { name: 'Hellenic Data Protection Authority', url: 'https://www.dpa.gr' },
  HR: { name: 'Agencija za zaštitu osobnih podataka', url: 'https://azop.hr' },
  HU: { name: 'Nemzeti Adatvédelmi és Információszabadság Hatóság', url: 'https://naih.hu' },
  IE: { name: 'Data Protection Commission', url: 'https://www.dataprotection.ie' },
  IS: { name: 'Persónuvernd', url: 'https://www.personuvernd.is' },
  IT: { name: 'Garante per la protezione dei dati personali', url: 'https://www.garanteprivacy.it' },
  LI: { name: 'Datenschutzstelle Liechtenstein', url: 'https://www.datenschutzstelle.li' },
  LT: { name: 'Valstybinė duomenų apsaugos inspekcija', url: 'https://vdai.lrv.lt' },
  LU: { name: 'Commission nationale pour la protection des données', url: 'https://cnpd.public.lu' },
  LV: { name: 'Datu valsts inspekcija', url: 'https://www.dvi.gov.lv' },
  MT: { name: 'Information and Data Protection Commissioner', url: 'https://idpc.org.mt' },
  NL: { name: 'Autoriteit Persoonsgegevens', url: 'https://autoriteitpersoonsgegevens.nl' },
  NO: { name: 'Datatilsynet', url: 'https://www.datatilsynet.no' },
  PL: { name: 'Urząd Ochrony Danych Osobowych', url: 'https://uodo.gov.pl' },
  PT: { name: 'Comissão Nacional de Proteção de Dados', url: 'https://www.cnpd.pt' },
  RO: {
    name: 'Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal',
    url: 'https://www.dataprotection.ro',
  },
  SE: { name: 'Integritetsskyddsmyndigheten', url: 'https://www.imy.se' },
  SI: { name: 'Informacijski pooblaščenec', url: 'https://www.ip-rs.si' },
  SK: { name: 'Úrad na ochranu osobných údajov', url: 'https://dataprotection.gov.sk' },
  GB: { name: "Information Commissioner's Office", url: 'https://ico.org.uk' },
};

/** Anywhere else (or a country we cannot read): the EDPB's list of every member authority. */
export const EDPB_MEMBERS: Authority = {
  name: 'European Data Protection Board',
  url: 'https://www.edpb.europa.eu/about-edpb/about-edpb/members_en',
};

export function authorityFor(country: string): Authority {
  const code = countryCodeOf(country);
  return (code && AUTHORITIES[code]) || EDPB_MEMBERS;
}

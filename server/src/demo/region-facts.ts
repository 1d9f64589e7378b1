/*
 * country-state-city knows no populations: picked uniformly, members would crowd into
 * Friesland's villages and hardly anyone would live in London. These rough figures for the
 * demo countries make the spread of generated members look like the real one.
 */

/** Rounded population in thousands per `COUNTRY-REGION`. */
export const REGION_POPULATION_K: Record<string, number> = {
  ...per('NL', 'DR 500, FL 440, FR 660, GE 2130, GR 590, LI 1120, NB 2630, NH 2950, OV 1180, ZH 3800, UT 1390, ZE 390'),
  ...per(
    'BE',
    'VAN 1890, BRU 1220, VOV 1540, VBR 1170, WHT 1350, WLG 1110, VLI 890, WLX 290, WNA 500, WBR 410, VWV 1210',
  ),
  ...per(
    'DE',
    'BW 11100, BY 13200, BE 3750, BB 2570, HB 680, HH 1890, HE 6300, NI 8100, MV 1610, NW 18100, RP 4110, ' +
      'SL 990, SN 4090, ST 2180, SH 2950, TH 2130',
  ),
  ...per('GB', 'ENG 57100, SCT 5450, WLS 3130, NIR 1910'),
  ...per(
    'IE',
    'CW 62, CN 81, CE 128, CO 584, DL 167, D 1459, G 277, KY 156, KE 247, KK 104, LS 92, LM 35, LK 210, LD 47, ' +
      'LH 140, MO 138, MH 221, MN 65, OY 83, RN 70, SO 70, TA 168, WD 128, WH 96, WX 164, WW 156',
  ),
  ...per(
    'US',
    'AL 5100, AK 730, AZ 7400, AR 3070, CA 39000, CO 5880, CT 3630, DE 1020, DC 680, FL 22600, GA 11000, ' +
      'HI 1440, ID 1960, IL 12550, IN 6860, IA 3200, KS 2940, KY 4530, LA 4570, ME 1400, MD 6180, MA 7000, ' +
      'MI 10040, MN 5740, MS 2940, MO 6200, MT 1120, NE 1980, NV 3190, NH 1400, NJ 9290, NM 2110, NY 19570, ' +
      'NC 10840, ND 780, OH 11790, OK 4050, OR 4230, PA 12960, RI 1100, SC 5370, SD 920, TN 7130, TX 30500, ' +
      'UT 3420, VT 650, VA 8720, WA 7810, WV 1770, WI 5910, WY 580',
  ),
  ...per(
    'CA',
    'AB 4700, BC 5600, MB 1450, NB 830, NL 540, NT 45, NS 1060, NU 40, ON 15800, PE 175, QC 8900, SK 1220, YT 45',
  ),
  ...per('AU', 'ACT 460, NSW 8300, NT 250, QLD 5450, SA 1850, TAS 575, VIC 6800, WA 2900'),
  ...per(
    'NZ',
    'AUK 1800, BOP 350, CAN 670, CIT 1, GIS 53, HKB 185, MWT 260, MBH 52, NSN 55, NTL 200, OTA 250, STL 102, ' +
      'TKI 127, TAS 58, WKO 510, WGN 550, WTC 33',
  ),
};

function per(country: string, list: string): Record<string, number> {
  return Object.fromEntries(
    list.split(', ').map((entry) => {
      const [code, thousands] = entry.split(' ');
      return [`${country}-${code}`, Number(thousands)];
    }),
  );
}

/** The larger towns per `COUNTRY-REGION`; generated members name one of these about half the time. */
export const MAJOR_CITIES: Record<string, string> = {
  'NL-NH': 'Amsterdam, Haarlem, Zaandam, Alkmaar, Hilversum, Hoorn, Purmerend, Amstelveen, Den Helder',
  'NL-ZH': 'Rotterdam, Den Haag, Leiden, Dordrecht, Zoetermeer, Delft, Gouda, Schiedam',
  'NL-UT': 'Utrecht, Amersfoort, Nieuwegein, Veenendaal, Zeist',
  'NL-NB': "Eindhoven, Tilburg, Breda, 's-Hertogenbosch, Helmond, Oss, Roosendaal",
  'NL-GE': 'Nijmegen, Arnhem, Apeldoorn, Ede, Doetinchem, Zutphen',
  'NL-OV': 'Enschede, Zwolle, Deventer, Almelo, Hengelo',
  'NL-LI': 'Maastricht, Venlo, Heerlen, Sittard, Roermond',
  'NL-GR': 'Groningen, Delfzijl, Veendam, Hoogezand',
  'NL-FR': 'Leeuwarden, Sneek, Heerenveen, Drachten, Harlingen',
  'NL-DR': 'Assen, Emmen, Hoogeveen, Meppel',
  'NL-FL': 'Almere, Lelystad, Dronten, Emmeloord',
  'NL-ZE': 'Middelburg, Vlissingen, Goes, Terneuzen',
  'BE-VAN': 'Antwerpen, Mechelen, Turnhout, Lier, Mol',
  'BE-VOV': 'Gent, Aalst, Sint-Niklaas, Dendermonde, Oudenaarde',
  'BE-VWV': 'Brugge, Oostende, Kortrijk, Roeselare, Ieper',
  'BE-VBR': 'Leuven, Vilvoorde, Halle, Tienen, Aarschot',
  'BE-VLI': 'Hasselt, Genk, Sint-Truiden, Tongeren, Lommel',
  'BE-WHT': 'Charleroi, Mons, La Louvière, Tournai, Mouscron',
  'BE-WLG': 'Liège, Verviers, Seraing, Huy, Spa',
  'BE-WNA': 'Namur, Dinant, Ciney, Gembloux',
  'BE-WLX': 'Arlon, Bastogne, Marche-en-Famenne',
  'BE-WBR': 'Wavre, Nivelles, Ottignies-Louvain-la-Neuve, Waterloo',
  'DE-BY': 'München, Nürnberg, Augsburg, Regensburg, Würzburg, Ingolstadt',
  'DE-BW': 'Stuttgart, Karlsruhe, Mannheim, Freiburg im Breisgau, Heidelberg, Ulm',
  'DE-BE': 'Berlin',
  'DE-HH': 'Hamburg',
  'DE-HB': 'Bremen, Bremerhaven',
  'DE-NW': 'Köln, Düsseldorf, Dortmund, Essen, Duisburg, Bochum, Münster, Bonn',
  'DE-HE': 'Frankfurt am Main, Wiesbaden, Kassel, Darmstadt, Offenbach',
  'DE-NI': 'Hannover, Braunschweig, Oldenburg, Osnabrück, Göttingen',
  'DE-SN': 'Leipzig, Dresden, Chemnitz, Zwickau',
  'DE-RP': 'Mainz, Ludwigshafen, Koblenz, Trier, Kaiserslautern',
  'DE-SH': 'Kiel, Lübeck, Flensburg, Neumünster',
  'DE-BB': 'Potsdam, Cottbus, Brandenburg an der Havel, Frankfurt (Oder)',
  'DE-ST': 'Magdeburg, Halle (Saale), Dessau',
  'DE-TH': 'Erfurt, Jena, Gera, Weimar',
  'DE-MV': 'Rostock, Schwerin, Stralsund, Greifswald',
  'DE-SL': 'Saarbrücken, Neunkirchen, Homburg',
  'GB-ENG':
    'London, Birmingham, Manchester, Leeds, Liverpool, Bristol, Sheffield, Newcastle upon Tyne, Nottingham, ' +
    'Leicester, Brighton, Southampton, Plymouth, Norwich, York, Oxford, Cambridge, Bath, Exeter, Reading',
  'GB-SCT': 'Glasgow, Edinburgh, Aberdeen, Dundee, Inverness, Stirling, Perth',
  'GB-WLS': 'Cardiff, Swansea, Newport, Wrexham, Bangor, Aberystwyth',
  'IE-D': 'Dublin, Swords, Dún Laoghaire, Tallaght, Blanchardstown',
  'IE-CO': 'Cork, Cobh, Mallow, Youghal, Kinsale',
  'IE-G': 'Galway, Tuam, Ballinasloe, Clifden',
  'IE-LK': 'Limerick, Newcastle West',
  'IE-WD': 'Waterford, Dungarvan, Tramore',
  'IE-KY': 'Tralee, Killarney',
  'US-CA': 'Los Angeles, San Diego, San Jose, San Francisco, Sacramento, Fresno, Oakland, Long Beach',
  'US-TX': 'Houston, San Antonio, Dallas, Austin, Fort Worth, El Paso',
  'US-FL': 'Jacksonville, Miami, Tampa, Orlando, St. Petersburg, Sarasota',
  'US-NY': 'New York City, Buffalo, Rochester, Albany, Syracuse',
  'US-PA': 'Philadelphia, Pittsburgh, Allentown, Erie',
  'US-IL': 'Chicago, Aurora, Naperville, Springfield',
  'US-OH': 'Columbus, Cleveland, Cincinnati, Toledo',
  'US-GA': 'Atlanta, Savannah, Augusta',
  'US-NC': 'Charlotte, Raleigh, Greensboro, Asheville',
  'US-MI': 'Detroit, Grand Rapids, Ann Arbor, Lansing',
  'US-NJ': 'Newark, Jersey City, Trenton',
  'US-VA': 'Virginia Beach, Richmond, Norfolk, Alexandria',
  'US-WA': 'Seattle, Spokane, Tacoma',
  'US-AZ': 'Phoenix, Tucson, Mesa, Scottsdale',
  'US-MA': 'Boston, Worcester, Springfield, Cambridge',
  'US-CO': 'Denver, Colorado Springs, Boulder',
  'US-DC': 'Washington',
  'CA-ON': 'Toronto, Ottawa, Mississauga, Hamilton, London, Kingston',
  'CA-QC': 'Montréal, Québec, Laval, Gatineau, Sherbrooke',
  'CA-BC': 'Vancouver, Victoria, Surrey, Kelowna',
  'CA-AB': 'Calgary, Edmonton, Red Deer',
  'CA-MB': 'Winnipeg, Brandon',
  'CA-NS': 'Halifax, Sydney',
  'CA-SK': 'Saskatoon, Regina',
  'AU-NSW': 'Sydney, Newcastle, Wollongong, Central Coast',
  'AU-VIC': 'Melbourne, Geelong, Ballarat, Bendigo',
  'AU-QLD': 'Brisbane, Gold Coast, Sunshine Coast, Townsville, Cairns',
  'AU-WA': 'Perth, Fremantle, Bunbury',
  'AU-SA': 'Adelaide, Mount Gambier',
  'AU-TAS': 'Hobart, Launceston',
  'AU-ACT': 'Canberra',
  'AU-NT': 'Darwin, Alice Springs',
  'NZ-AUK': 'Auckland',
  'NZ-WGN': 'Wellington, Lower Hutt, Porirua',
  'NZ-CAN': 'Christchurch, Timaru, Ashburton',
  'NZ-OTA': 'Dunedin, Queenstown, Oamaru',
  'NZ-WKO': 'Hamilton, Taupo, Cambridge',
  'NZ-BOP': 'Tauranga, Rotorua',
  'NZ-HKB': 'Napier, Hastings',
  'NZ-MWT': 'Palmerston North, Whanganui',
  'NZ-NSN': 'Nelson',
  'NZ-STL': 'Invercargill',
};

/** The larger towns of a region, or an empty list where none are listed. */
export function majorCitiesOfRegion(country: string, code: string): readonly string[] {
  return MAJOR_CITIES[`${country}-${code}`]?.split(', ') ?? [];
}

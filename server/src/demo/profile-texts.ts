/** The languages demo members write in; a subset of the interface locales. */
export type DemoLanguage = 'nl' | 'de' | 'en' | 'fr';

const names = (list: string) => list.split(' ');

interface FirstNames {
  female: readonly string[];
  male: readonly string[];
}

// Names that were common for people born between roughly 1945 and 1985, the site's audience.
export const FIRST_NAMES: Record<DemoLanguage, FirstNames> = {
  nl: {
    female: names(
      'Anneke Ingrid Marja Petra Monique Wilma Yvonne Marian Carla Annemieke Els Gerda Hennie ' +
        'Janny Joke Karin Linda Marjolein Mieke Nelleke Riet Sandra Saskia Thea Tineke Truus ' +
        'Wendy Astrid Bianca Conny Diana Esther Hanneke Ilse Jolanda Liesbeth Margreet Hilde ' +
        'Lieve Veerle',
    ),
    male: names(
      'Jan Kees Henk Piet Gerrit Wim Hans Peter Rob Ruud Frank Marcel Erik Ad Bert Cor Dick ' +
        'Fred Gert Harry Jaap Johan Joop Klaas Leo Martin Nico Paul René Ron Theo Ton Willem Arie ' +
        'Dirk Evert Luc Marc Geert Rudi',
    ),
  },
  de: {
    female: names(
      'Sabine Petra Monika Andrea Birgit Claudia Gabriele Heike Ingrid Karin Kerstin Manuela ' +
        'Renate Susanne Ute Ursula Brigitte Christa Doris Elke Gisela Hannelore Helga Jutta ' +
        'Marion Martina Angelika Bärbel Beate Cornelia Dagmar Anja Silke Stefanie Katrin Gudrun ' +
        'Rita Sigrid Waltraud Inge',
    ),
    male: names(
      'Thomas Michael Andreas Stefan Frank Jürgen Klaus Peter Wolfgang Uwe Bernd Dieter Günter ' +
        'Hans Heinz Helmut Horst Joachim Manfred Rainer Ralf Werner Detlef Dirk Holger Jörg Karl ' +
        'Lothar Matthias Norbert Olaf Reinhard Rolf Siegfried Volker Gerhard Harald Hartmut Kai ' +
        'Ulrich',
    ),
  },
  en: {
    female: names(
      'Susan Linda Karen Deborah Julie Sarah Alison Jacqueline Gillian Janet Margaret Patricia ' +
        'Carol Christine Elaine Helen Jane Joanne Lorraine Mandy Nicola Pauline Sandra Sharon ' +
        'Tracey Wendy Barbara Brenda Diane Denise Kathleen Maureen Sheila Valerie Angela Beverley ' +
        'Rosemary Siobhan Colleen Judith',
    ),
    male: names(
      'David John Michael Paul Andrew Mark Peter Richard Stephen Robert Ian Alan Brian Colin ' +
        'Gary Graham Keith Kevin Martin Neil Nigel Philip Simon Steve Terry Tony Trevor Barry ' +
        'Clive Derek Geoff Gordon Malcolm Roger Russell Stuart Declan Sean Bruce Dennis',
    ),
  },
  fr: {
    female: names(
      'Sylvie Isabelle Catherine Nathalie Véronique Christine Martine Brigitte Françoise ' +
        'Monique Chantal Dominique Patricia Valérie Corinne Muriel Pascale Sandrine Anne Annick ' +
        'Béatrice Claudine Danielle Évelyne Florence Hélène Josiane Laurence Marie-Claire Michèle ' +
        'Nicole Odile Sophie Viviane Agnès Bernadette Colette Geneviève Marianne Mireille',
    ),
    male: names(
      'Philippe Alain Patrick Michel Jean-Pierre Christian Éric Daniel Bernard Thierry Pascal ' +
        'Dominique Gérard Jacques Didier Francis Frédéric Gilles Guy Jean-Luc Laurent Marc ' +
        'Olivier Pierre René Serge Yves André Claude Denis Georges Hervé Jean-Marc Luc Marcel ' +
        'Paul Roger Thibault Vincent Xavier',
    ),
  },
};

interface Notes {
  aboutMe: readonly string[];
  lookingFor: readonly string[];
}

// Written without gendered forms so any sentence fits any member.
export const PROFILE_NOTES: Record<DemoLanguage, Notes> = {
  en: {
    aboutMe: [
      'Recently retired and finally have time for the things I love.',
      'I enjoy long walks along the coast, whatever the weather.',
      'Three grandchildren keep me young at heart.',
      'Happiest in the garden or in the kitchen trying a new recipe.',
      'A good book, a glass of red wine and an open fire: bliss.',
      'Keen traveller; Italy and the Scottish Highlands are my favourites so far.',
      'I sing in a local choir and rarely miss a rehearsal.',
      'After a few years on my own I am ready to enjoy life with someone again.',
      'Honest, easy-going and always up for a laugh.',
      'Theatre, a museum and a nice lunch afterwards make a perfect day.',
      'I cycle most mornings and like to stay active.',
      'Dog lover: my spaniel is my best walking companion.',
      'Still working part-time, simply because I enjoy it.',
      'A quiz night at the pub is my idea of a fun evening.',
    ],
    lookingFor: [
      'Someone kind with a good sense of humour.',
      'Friendship first, and who knows what else.',
      'A companion for days out, dinners and good conversation.',
      'Someone who enjoys the simple things as much as I do.',
      'A partner to travel with and share the little moments.',
      'Someone honest and warm who does not take life too seriously.',
    ],
  },
  nl: {
    aboutMe: [
      'Sinds kort met pensioen en eindelijk tijd voor de leuke dingen.',
      'Ik wandel graag langs het strand, ook als het flink waait.',
      'Drie kleinkinderen houden me jong van hart.',
      'Het gelukkigst ben ik in de tuin of in de keuken.',
      'Een goed boek, een glas rode wijn en de open haard: heerlijk.',
      'Ik reis graag; Italië en de Ardennen zijn mijn favorieten.',
      'Ik zing in een koor en fiets bijna elke dag.',
      'Na een paar jaar alleen ben ik klaar voor iets nieuws.',
      'Eerlijk, gezellig en altijd in voor een grapje.',
      'Een dagje museum met een lunch erna is voor mij perfect.',
      'Echte hondenliefhebber: mijn hond loopt elke wandeling mee.',
      'Ik werk nog een paar dagen per week, omdat ik het leuk vind.',
    ],
    lookingFor: [
      'Iemand met humor en een warm hart.',
      'Eerst vriendschap, en wie weet wat er nog komt.',
      'Een maatje voor uitjes, etentjes en goede gesprekken.',
      'Iemand die net als ik van de kleine dingen geniet.',
      'Een partner om mee te reizen en het leven mee te delen.',
    ],
  },
  de: {
    aboutMe: [
      'Seit Kurzem im Ruhestand und endlich Zeit für die schönen Dinge.',
      'Ich wandere gern, am liebsten in den Bergen.',
      'Drei Enkelkinder halten mich jung.',
      'Am glücklichsten bin ich im Garten oder in der Küche.',
      'Ein gutes Buch, ein Glas Rotwein und Kerzenlicht: herrlich.',
      'Ich reise gern; Italien und die Ostsee sind meine Favoriten.',
      'Ich singe im Chor und fahre fast täglich Rad.',
      'Nach ein paar Jahren allein bin ich bereit für etwas Neues.',
      'Ehrlich, gesellig und immer für einen Spaß zu haben.',
      'Theater, Museum und danach ein gemütliches Essen: ein perfekter Tag.',
      'Großer Hundefreund: mein Hund ist bei jedem Spaziergang dabei.',
      'Ich arbeite noch in Teilzeit, weil es mir Freude macht.',
    ],
    lookingFor: [
      'Jemanden mit Humor und Herz.',
      'Erst Freundschaft, und wer weiß, was daraus wird.',
      'Eine Begleitung für Ausflüge, Essen und gute Gespräche.',
      'Jemanden, der die kleinen Dinge genauso schätzt wie ich.',
      'Einen Menschen zum Reisen und Lachen.',
    ],
  },
  fr: {
    aboutMe: [
      "À la retraite depuis peu, j'ai enfin du temps pour ce que j'aime.",
      "J'aime les longues promenades au bord de la mer.",
      'Trois petits-enfants me gardent jeune de cœur.',
      'Mon bonheur : le jardin et la cuisine.',
      'Un bon livre, un verre de vin et un feu de cheminée : le rêve.',
      "J'adore voyager, surtout en Italie et en Provence.",
      'Je chante dans une chorale et je fais du vélo presque tous les jours.',
      "De nature joyeuse, j'aime rire et partager.",
      'Théâtre, musée et un bon déjeuner ensuite : la journée idéale.',
      "J'adore les chiens, le mien m'accompagne partout.",
      'Je travaille encore à temps partiel, par plaisir.',
      'Envie de tourner une nouvelle page.',
    ],
    lookingFor: [
      "Quelqu'un de drôle et de chaleureux.",
      "D'abord l'amitié, et qui sait ensuite.",
      'Une compagnie pour des sorties, des dîners et de belles conversations.',
      "Quelqu'un qui aime les choses simples.",
      'Une personne avec qui voyager et partager les petits moments.',
    ],
  },
};

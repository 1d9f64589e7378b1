import { DEFAULT_LOCALE, isLocale, type Locale, type NotificationKind } from '@rendezvous/contract';

interface PushTexts {
  title: string;
  /** `{name}` is the actor's name. */
  body: string;
}

/**
 * What a push shows, in the member's language (members.language): the push arrives with no tab
 * open, so the web catalogues are not at hand. Kept next to the notifier, like the mail texts
 * next to the mailer.
 */
export const PUSH_TEXTS: Record<Locale, Record<NotificationKind, PushTexts>> = {
  en: {
    like: { title: 'New like', body: '{name} likes you' },
    message: { title: 'New message', body: '{name} sent you a message' },
    email_change_incorrect: {
      title: 'Your e-mail address was restored',
      body: 'We undid a change of your e-mail address. Please choose a new password.',
    },
    system: { title: 'New notification', body: 'You have a new notification' },
  },
  nl: {
    like: { title: 'Nieuwe like', body: '{name} vindt je leuk' },
    message: { title: 'Nieuw bericht', body: '{name} heeft je een bericht gestuurd' },
    email_change_incorrect: {
      title: 'Je e-mailadres is hersteld',
      body: 'We hebben een wijziging van je e-mailadres ongedaan gemaakt. Kies een nieuw wachtwoord.',
    },
    system: { title: 'Nieuwe melding', body: 'Je hebt een nieuwe melding' },
  },
  de: {
    like: { title: 'Neues Like', body: 'Du gefällst {name}' },
    message: { title: 'Neue Nachricht', body: '{name} hat dir eine Nachricht geschickt' },
    email_change_incorrect: {
      title: 'Deine E-Mail-Adresse wurde wiederhergestellt',
      body: 'Wir haben eine Änderung deiner E-Mail-Adresse rückgängig gemacht. Bitte wähle ein neues Passwort.',
    },
    system: { title: 'Neue Benachrichtigung', body: 'Du hast eine neue Benachrichtigung' },
  },
  it: {
    like: { title: 'Nuovo like', body: 'Piaci a {name}' },
    message: { title: 'Nuovo messaggio', body: '{name} ti ha inviato un messaggio' },
    email_change_incorrect: {
      title: 'Il tuo indirizzo e-mail è stato ripristinato',
      body: 'Abbiamo annullato una modifica del tuo indirizzo e-mail. Scegli una nuova password.',
    },
    system: { title: 'Nuova notifica', body: 'Hai una nuova notifica' },
  },
  fr: {
    like: { title: 'Nouveau like', body: 'Vous plaisez à {name}' },
    message: { title: 'Nouveau message', body: '{name} vous a envoyé un message' },
    email_change_incorrect: {
      title: 'Votre adresse e-mail a été rétablie',
      body: 'Nous avons annulé une modification de votre adresse e-mail. Veuillez choisir un nouveau mot de passe.',
    },
    system: { title: 'Nouvelle notification', body: 'Vous avez une nouvelle notification' },
  },
  es: {
    like: { title: 'Nuevo like', body: 'Le gustas a {name}' },
    message: { title: 'Nuevo mensaje', body: '{name} te ha enviado un mensaje' },
    email_change_incorrect: {
      title: 'Se ha restablecido tu dirección de correo',
      body: 'Hemos deshecho un cambio de tu dirección de correo. Elige una nueva contraseña.',
    },
    system: { title: 'Nueva notificación', body: 'Tienes una nueva notificación' },
  },
  pl: {
    like: { title: 'Nowe polubienie', body: '{name} lubi Cię' },
    message: { title: 'Nowa wiadomość', body: '{name} wysłał(a) Ci wiadomość' },
    email_change_incorrect: {
      title: 'Twój adres e-mail został przywrócony',
      body: 'Cofnęliśmy zmianę Twojego adresu e-mail. Wybierz nowe hasło.',
    },
    system: { title: 'Nowe powiadomienie', body: 'Masz nowe powiadomienie' },
  },
};

export function pushTexts(language: string, kind: NotificationKind, actorName: string | null): PushTexts {
  const texts = PUSH_TEXTS[isLocale(language) ? language : DEFAULT_LOCALE][kind];
  return { title: texts.title, body: texts.body.replace('{name}', actorName ?? '') };
}

import { useTranslation } from 'react-i18next';

export interface HeadlineMember {
  name: string;
  age: number | null;
  city: string | null;
}

/** Spec §2 member lander: "{name}, {age}, from {city}, wants to chat", leaving out what the member did not fill in. */
export function useMemberHeadline({ name, age, city }: HeadlineMember): string {
  const { t } = useTranslation();
  if (age !== null && city) return t('member_lander.headline', { name, age, city });
  if (age !== null) return t('member_lander.headline_no_city', { name, age });
  if (city) return t('member_lander.headline_no_age', { name, city });
  return t('member_lander.headline_name_only', { name });
}

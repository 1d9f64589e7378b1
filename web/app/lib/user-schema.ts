// Apart from user-calls.ts so that the pages changing the account load it with their first call (`loadUserSchema`).
export { UserSchema } from '@rendezvous/contract';

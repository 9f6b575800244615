import { apiJson } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/** POST /api/user/reauth: the password or a code again, for the next 10 minutes of sensitive actions. */
const reauth = (proof: { password: string } | { code: string }) =>
  apiJson<{ message: string }>('POST', '/api/user/reauth', proof);

export const useReauth = () => useMutation({ mutationFn: reauth });

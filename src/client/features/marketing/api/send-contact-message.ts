import { answer, api } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { contactSchema } from '@shared/schemas/marketing';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

type ContactMessage = z.output<typeof contactSchema>;

/** POST /api/contact: a demo request or a question, mailed to the sales team. */
const sendContactMessage = (message: ContactMessage) => answer(api.POST('/api/contact', { body: message }));

export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: ({ message }) => {
      toast({ title: 'Message sent', description: message });
    },
    onError: (error) => {
      toast({ title: 'Message not sent', description: error.message, variant: 'destructive' });
    },
  });
}

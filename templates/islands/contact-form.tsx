import { RequestForm, type RequestFormProps } from '../components/RequestForm.tsx';
import { contactForm } from '../lib/forms.ts';

/** The Contact us message form (spec §2–5): posts {name, request_type 'contact', …, message}. */
export default function ContactForm(props: RequestFormProps) {
  return <RequestForm spec={contactForm} {...props} />;
}

import { RequestForm, type RequestFormProps } from '../components/RequestForm.tsx';
import { demoForm } from '../lib/forms.ts';

/** The Request demo form (spec §2–5): posts {…, request_type 'demo', message null, lastname}. */
export default function DemoForm(props: RequestFormProps) {
  return <RequestForm spec={demoForm} {...props} />;
}

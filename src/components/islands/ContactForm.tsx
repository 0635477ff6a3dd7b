import { AlertCircle, CheckCircle2, LoaderCircle, Send } from "lucide-react";
import {
  type ChangeEvent,
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import {
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTHS,
  type ContactField,
  type ContactFieldErrors,
  type ContactFormData,
  DEFAULT_INQUIRY_TYPE,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPES,
  validateContact,
} from "../../lib/contact";
import { contactFormLabels } from "../../lib/copy/contact-form";
import { telHref } from "../../lib/site";

export interface ContactFormProps {
  /** The contact Edge Function: `${PUBLIC_SUPABASE_URL}/functions/v1/contact`. */
  endpoint: string;
  /** The project's publishable key, sent as `apikey` (it is no JWT: no Authorization). */
  publishableKey: string;
  /** The organisation's first phone number and email address, offered when sending fails. */
  phone?: string;
  email?: string;
}

export const CONTACT_SUCCESS_TEXT = contactFormLabels.sent;
/** How long the form waits for an answer before it says sending failed. */
const REQUEST_TIMEOUT_MS = 20_000;

type FormValues = Required<ContactFormData>;

const EMPTY: FormValues = {
  name: "",
  email: "",
  phone: "",
  subject: "",
  message: "",
  inquiryType: DEFAULT_INQUIRY_TYPE,
  website: "",
};

type Outcome =
  | { kind: "idle" }
  | { kind: "sent" }
  | { kind: "invalid" }
  | { kind: "rate_limited"; retryAfter: number | null }
  | { kind: "failed" };

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

// Focus keeps the site-wide ring (global.css: 3px outline on :focus-visible), in brand
// colour on a good field and accent on a wrong one.
const FIELD_BASE =
  "block w-full rounded-xl border px-4 py-3 text-base text-ink shadow-xs transition-colors placeholder:text-ink-soft focus-visible:outline-offset-1 disabled:bg-surface-muted";
const FIELD_OK =
  "border-ink-soft/50 bg-surface hover:border-ink-muted focus-visible:border-brand-600 focus-visible:outline-brand-600";
const FIELD_BAD = "border-accent-700 bg-accent-50/40 focus-visible:outline-accent-700";

function retryText(seconds: number | null): string {
  if (seconds === null) return contactFormLabels.retryLater;
  if (seconds < 90) return contactFormLabels.retrySoon;
  return contactFormLabels.retryIn(Math.ceil(seconds / 60));
}

function retryAfterOf(response: Response, body: unknown): number | null {
  const fromBody = (body as { retryAfter?: unknown } | null)?.retryAfter;
  if (typeof fromBody === "number" && fromBody > 0) return fromBody;
  const header = Number(response.headers.get("retry-after"));
  return Number.isFinite(header) && header > 0 ? header : null;
}

/** Field messages from a 400 answer, kept to the fields this form knows. */
function serverFieldErrors(body: unknown): ContactFieldErrors | null {
  const answer = body as { error?: unknown; fields?: unknown } | null;
  if (answer?.error !== "validation" || typeof answer.fields !== "object" || !answer.fields) {
    return null;
  }
  const fields: ContactFieldErrors = {};
  for (const field of CONTACT_FIELDS) {
    const message = (answer.fields as Record<string, unknown>)[field];
    if (typeof message === "string" && message) fields[field] = message;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/**
 * The /contact page's message form. Checks the fields with the same rules as the
 * `contact` Edge Function (src/lib/contact.ts), posts them there with plain fetch, and
 * says thank you only once the function answered 2xx. On failure the typed text stays.
 */
export function ContactForm({ endpoint, publishableKey, phone, email }: ContactFormProps) {
  const id = useId();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const [focusRequest, setFocusRequest] = useState<{ field: ContactField } | null>(null);
  // Until React has taken over, a submit would be the browser's own (a request to the
  // page itself): the button stays disabled until then.
  const [hydrated, setHydrated] = useState(false);
  const sendingRef = useRef(false);
  const fieldRefs = useRef<Partial<Record<ContactField, FieldElement | null>>>({});

  const fieldId = (field: ContactField | "website") => `${id}-${field}`;
  const errorId = (field: ContactField) => `${id}-${field}-error`;

  useEffect(() => setHydrated(true), []);

  // Focus moves once the messages are on screen, so the field is announced with its error.
  useEffect(() => {
    if (focusRequest) fieldRefs.current[focusRequest.field]?.focus();
  }, [focusRequest]);

  const showErrors = useCallback((fields: ContactFieldErrors) => {
    setErrors(fields);
    const first = CONTACT_FIELDS.find((field) => fields[field]);
    if (first) setFocusRequest({ field: first });
  }, []);

  function update(event: ChangeEvent<FieldElement>) {
    const name = event.target.name as keyof FormValues;
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    // A field already marked wrong is re-checked as it is corrected.
    if (name !== "website" && errors[name]) {
      const check = validateContact(next);
      const message = check.ok ? undefined : check.fields[name];
      setErrors((current) => {
        const updated = { ...current };
        if (message) updated[name] = message;
        else delete updated[name];
        return updated;
      });
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    setOutcome({ kind: "idle" });

    const check = validateContact(values);
    if (!check.ok) {
      showErrors(check.fields);
      return;
    }
    setErrors({});
    sendingRef.current = true;
    setSending(true);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          apikey: publishableKey,
        },
        body: JSON.stringify({
          name: check.value.name,
          email: check.value.email,
          phone: check.value.phone ?? "",
          subject: check.value.subject,
          message: check.value.message,
          inquiryType: check.value.inquiryType,
          website: values.website,
        }),
        signal: controller.signal,
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        setValues(EMPTY);
        setOutcome({ kind: "sent" });
      } else if (response.status === 429) {
        setOutcome({ kind: "rate_limited", retryAfter: retryAfterOf(response, body) });
      } else {
        const fields = response.status === 400 ? serverFieldErrors(body) : null;
        if (fields) {
          showErrors(fields);
          setOutcome({ kind: "invalid" });
        } else {
          setOutcome({ kind: "failed" });
        }
      }
    } catch {
      setOutcome({ kind: "failed" });
    } finally {
      clearTimeout(timer);
      sendingRef.current = false;
      setSending(false);
    }
  }

  const describedBy = (field: ContactField, ...more: string[]) =>
    [errors[field] ? errorId(field) : "", ...more].filter(Boolean).join(" ") || undefined;

  const fieldProps = (field: ContactField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: update,
    "aria-invalid": errors[field] ? (true as const) : undefined,
    className: `${FIELD_BASE} ${errors[field] ? FIELD_BAD : FIELD_OK}`,
    ref: (element: FieldElement | null) => {
      fieldRefs.current[field] = element;
    },
  });

  const label = (field: ContactField, text: string, required: boolean) => (
    <label htmlFor={fieldId(field)} className="mb-1.5 block text-sm font-semibold text-ink">
      {text}
      {required ? (
        <span className="ml-0.5 text-accent-700" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );

  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 flex items-start gap-1.5 text-sm text-accent-800">
        <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>{errors[field]}</span>
      </p>
    ) : null;

  const messageProps = fieldProps("message");
  const messageLength = values.message.length;

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      aria-busy={sending || undefined}
      className="relative rounded-card bg-surface p-6 shadow-sm ring-1 ring-ink/10 sm:p-8"
    >
      <p className="mb-6 text-sm text-ink-muted">
        {contactFormLabels.required.before}{" "}
        <span className="text-accent-700" aria-hidden="true">
          *
        </span>
        <span className="sr-only">{contactFormLabels.required.asterisk}</span>{" "}
        {contactFormLabels.required.after}
      </p>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          {label("name", contactFormLabels.fields.name, true)}
          <input
            {...fieldProps("name")}
            type="text"
            autoComplete="name"
            maxLength={CONTACT_MAX_LENGTHS.name}
            aria-required="true"
            aria-describedby={describedBy("name")}
          />
          {fieldError("name")}
        </div>

        <div>
          {label("email", contactFormLabels.fields.email, true)}
          <input
            {...fieldProps("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={CONTACT_MAX_LENGTHS.email}
            aria-required="true"
            aria-describedby={describedBy("email")}
          />
          {fieldError("email")}
        </div>

        <div>
          {label("phone", contactFormLabels.fields.phone, false)}
          <input
            {...fieldProps("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={CONTACT_MAX_LENGTHS.phone}
            aria-describedby={describedBy("phone")}
          />
          {fieldError("phone")}
        </div>

        <div>
          {label("subject", contactFormLabels.fields.subject, true)}
          <input
            {...fieldProps("subject")}
            type="text"
            maxLength={CONTACT_MAX_LENGTHS.subject}
            aria-required="true"
            aria-describedby={describedBy("subject")}
          />
          {fieldError("subject")}
        </div>

        <div className="sm:col-span-2">
          {label("inquiryType", contactFormLabels.fields.inquiryType, false)}
          <select {...fieldProps("inquiryType")} aria-describedby={describedBy("inquiryType")}>
            {INQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {INQUIRY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          {fieldError("inquiryType")}
        </div>

        <div className="sm:col-span-2">
          {label("message", contactFormLabels.fields.message, true)}
          <textarea
            {...messageProps}
            rows={6}
            aria-required="true"
            aria-describedby={describedBy("message")}
            className={`${messageProps.className} min-h-36 resize-y`}
          />
          <div className="mt-1.5 flex items-start justify-between gap-4">
            <div className="min-w-0">{fieldError("message")}</div>
            <p
              className={`mt-1.5 shrink-0 text-xs tabular-nums ${
                messageLength > CONTACT_MAX_LENGTHS.message ? "text-accent-800" : "text-ink-soft"
              }`}
            >
              {messageLength.toLocaleString("en-US")} /{" "}
              {CONTACT_MAX_LENGTHS.message.toLocaleString("en-US")}
            </p>
          </div>
        </div>
      </div>

      {/* Honeypot: hidden from people and assistive technology, skipped by Tab. */}
      <div
        aria-hidden="true"
        className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden"
      >
        <label htmlFor={fieldId("website")}>{contactFormLabels.honeypot}</label>
        <input
          id={fieldId("website")}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          aria-hidden="true"
          value={values.website}
          onChange={update}
        />
      </div>

      <div className="mt-6 space-y-4">
        {outcome.kind === "rate_limited" ? (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-xl border border-accent-300 bg-accent-50 p-4 text-sm text-accent-900"
          >
            <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <p>
              {contactFormLabels.rateLimited} {retryText(outcome.retryAfter)}{" "}
              {contactFormLabels.stillInForm}
            </p>
          </div>
        ) : null}
        {outcome.kind === "failed" ? (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-xl border border-accent-300 bg-accent-50 p-4 text-sm text-accent-900"
          >
            <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <p>
              {contactFormLabels.failed}
              {phone || email ? contactFormLabels.directly : ""}
              {phone ? (
                <>
                  {" "}
                  {contactFormLabels.byPhone}{" "}
                  <a href={telHref(phone)} className="font-semibold underline">
                    {phone}
                  </a>
                </>
              ) : null}
              {phone && email ? contactFormLabels.or : ""}
              {email ? (
                <>
                  {" "}
                  {contactFormLabels.byEmail}{" "}
                  <a href={`mailto:${email}`} className="font-semibold underline">
                    {email}
                  </a>
                </>
              ) : null}
              . {contactFormLabels.stillInForm}
            </p>
          </div>
        ) : null}
        {outcome.kind === "invalid" ? (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-xl border border-accent-300 bg-accent-50 p-4 text-sm text-accent-900"
          >
            <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <p>{contactFormLabels.invalid}</p>
          </div>
        ) : null}

        {/* Always present, so screen readers announce the thank-you when it appears. */}
        <div role="status" aria-live="polite">
          {outcome.kind === "sent" ? (
            <p className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm font-medium text-brand-900">
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{CONTACT_SUCCESS_TEXT}</span>
            </p>
          ) : null}
        </div>

        <button
          type="submit"
          disabled={sending || !hydrated}
          className="btn-primary w-full px-6 py-3 text-base disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          {sending ? (
            <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-5 w-5" aria-hidden="true" />
          )}
          {sending ? contactFormLabels.sending : contactFormLabels.send}
        </button>
      </div>
    </form>
  );
}

export default ContactForm;

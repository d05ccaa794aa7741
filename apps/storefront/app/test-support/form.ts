/** A form post's fields, as a browser sends them. */
export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** A conform submission's errors by field name, as the reply sends them back to the form. */
export function errorsOf(submission: {
  reply(): { error?: Record<string, string[] | null> | null };
}) {
  return submission.reply().error ?? {};
}

/** `[{"<field>": {"previous_value": …, "current_value": …}}]`, the form webhook receivers know. */
export type ChangedAttributes = Array<Record<string, { previous_value: unknown; current_value: unknown }>>;

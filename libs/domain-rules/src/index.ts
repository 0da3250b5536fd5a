export * from './checked';
export * from './http-url';
export * from './label-titles';
export * from './custom-attribute-values';
export * from './working-hours';
export * from './spreadsheet-cells';

export { RecordForm, type RecordFormProps } from './RecordForm';
export { useSaveToasts, type SaveToastMessages } from './useSaveToasts';

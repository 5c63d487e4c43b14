import { PageHeader, ThemeSwitcher, ToastRegion } from '@/shared/ui/components';
import { ButtonsSection, DisclosureSection, MenusSection, TabsSection } from './ActionsSection';
import { ChoicesSection, FilterBarSection, FormSection, SelectsSection, TextFieldsSection } from './FieldsSection';
import { FoundationsSection } from './FoundationsSection';
import { galleryStyles as styles } from './parts';
import {
  BadgesSection,
  CardsSection,
  DatesSection,
  DialogsSection,
  FeedbackSection,
  IdentitySection,
  PageHeaderSection,
  ToastsSection,
} from './SurfacesSection';

/** Every section of the gallery, in order; the ids are the anchors docs/ui links to. */
export const GALLERY_SECTIONS = [
  { id: 'foundations', title: 'Foundations', Section: FoundationsSection },
  { id: 'buttons', title: 'Buttons and links', Section: ButtonsSection },
  { id: 'text-fields', title: 'Text fields', Section: TextFieldsSection },
  { id: 'selects', title: 'Select and ComboBox', Section: SelectsSection },
  { id: 'choices', title: 'Checkbox, Switch, Radio', Section: ChoicesSection },
  { id: 'forms', title: 'Form layout', Section: FormSection },
  { id: 'filter-bar', title: 'Filter bar', Section: FilterBarSection },
  { id: 'page-header', title: 'Page header', Section: PageHeaderSection },
  { id: 'cards', title: 'Cards and chart frame', Section: CardsSection },
  { id: 'badges', title: 'Badges', Section: BadgesSection },
  { id: 'tabs', title: 'Tabs', Section: TabsSection },
  { id: 'menus', title: 'Menus', Section: MenusSection },
  { id: 'dialogs', title: 'Dialog and sheet', Section: DialogsSection },
  { id: 'toasts', title: 'Toasts', Section: ToastsSection },
  { id: 'feedback', title: 'Empty, loading, messages', Section: FeedbackSection },
  { id: 'disclosure', title: 'Disclosure and tooltip', Section: DisclosureSection },
  { id: 'identity', title: 'Logo and avatar', Section: IdentitySection },
  { id: 'dates', title: 'Dates and times', Section: DatesSection },
] as const;

/**
 * /qa/ui: every component of the kit in every state, one section per family with an anchor, and
 * the theme switcher. QA's reference for how things should look and behave.
 */
export default function UiGalleryScreen() {
  return (
    <div className={styles.canvas} data-testid="ui-gallery">
      <PageHeader
        title="UI kit"
        subtitle="The design system of Client Care: tokens and components in every state. Docs in docs/ui/."
        actions={<ThemeSwitcher />}
      />
      <div className={styles.layout}>
        <nav className={styles.toc} aria-label="Gallery sections">
          <p className={styles.tocTitle}>Sections</p>
          <ul className={styles.tocList}>
            {GALLERY_SECTIONS.map((s) => (
              <li key={s.id}>
                <a className={styles.tocLink} href={`#${s.id}`}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.sections}>
          {GALLERY_SECTIONS.map(({ id, Section }) => (
            <Section key={id} />
          ))}
        </div>
      </div>
      <ToastRegion />
    </div>
  );
}

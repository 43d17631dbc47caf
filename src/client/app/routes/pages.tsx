import { Placeholder } from './placeholder.tsx';

// Screens that later issues build; each route already exists with its own page head.
export const HomePage = () => <Placeholder title="Share land, grow food" intro="Find yards, gardens and farms to grow in, or share the land you have." />;
export const ListingsPage = () => <Placeholder title="Browse growing spaces" intro="Rentals, work exchanges and free community gardens near you." />;
export const MessagesPage = () => <Placeholder title="Messages" intro="Your conversations with hosts and growers." noindex />;
export const HowItWorksPage = () => <Placeholder title="How it works" intro="Three ways to take part: rent, exchange work, or join a community garden." />;
export const OurMissionPage = () => <Placeholder title="Our mission" intro="Putting idle land to work growing food for the people around it." />;
export const CommunityStoriesPage = () => <Placeholder title="Community stories" intro="Hosts and growers on what sharing land has meant to them." />;
export const ContactPage = () => <Placeholder title="Contact us" intro="Questions, ideas or trouble: we read every message." />;
export const TermsPage = () => <Placeholder title="Terms of Service" intro="The rules for using Yardshare." />;
export const PrivacyPage = () => <Placeholder title="Privacy Policy" intro="What we collect, why, and the choices you have." />;
export const PaymentSuccessPage = () => <Placeholder title="Payment Successful!" intro="Thank you. Details of your payment are sent by e-mail." noindex />;
export const PaymentCancelPage = () => <Placeholder title="Payment Cancelled" intro="No charges were made." noindex />;
export const BlogPage = () => <Placeholder title="Blog" intro="Stories and guides on yardsharing and growing food." />;
export const BlogArticlePage = () => <Placeholder title="The Rise of Yardsharing" intro="How sharing yards is changing the way cities grow food." />;
export const ResourcesPage = () => <Placeholder title="Resources" intro="Guides and partner organisations for growers and hosts." />;

import type { ReactNode } from "react";
import Link from "@docusaurus/Link";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import Layout from "@theme/Layout";
import Heading from "@theme/Heading";

const sections = [
  { title: "API reference", to: "/docs/api/ticket-tailor-api", text: "Every endpoint of the REST API v1: events, tickets, orders, vouchers and more." },
  { title: "Webhooks", to: "/docs/webhook/introduction", text: "Get told when orders, events and tickets change, and verify every delivery." },
  { title: "Release log", to: "/docs/release-log/", text: "What changed in the API, entry by entry." },
];

export default function Home(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout title="Developer documentation" description={siteConfig.tagline}>
      <header className="hero hero--primary">
        <div className="container">
          <Heading as="h1" className="hero__title">
            {siteConfig.title}
          </Heading>
          <p className="hero__subtitle">{siteConfig.tagline}</p>
          <Link className="button button--secondary button--lg" to="/docs/intro">
            Get started
          </Link>
        </div>
      </header>
      <main className="container margin-vert--lg">
        <div className="row">
          {sections.map((s) => (
            <section key={s.to} className="col col--4 margin-bottom--lg">
              <Heading as="h2">
                <Link to={s.to}>{s.title}</Link>
              </Heading>
              <p>{s.text}</p>
            </section>
          ))}
        </div>
      </main>
    </Layout>
  );
}

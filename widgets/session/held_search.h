#pragma once
// A background search held against the scenario it was made for: the planner's and the price
// search's one staleness rule. Its plans apply while the scenario differs from the searched one only
// in what a plan sets (core::samePlanInputs, core::sameCostPlanInputs), so applying one of them
// keeps the others applicable; any other edit makes the search stale until the next one starts. A
// result delivered for an older scenario is not taken.

#include "core/scenario/scenario.h"

#include <cstdint>

namespace ui {

class HeldSearch {
public:
    using SameInputs = bool (*)(const core::Scenario& searched, const core::Scenario& current);

    explicit HeldSearch(SameInputs same)
        : m_same(same)
    {
    }

    /// A search of `scenario` was requested; the session's revision then was `revision`.
    void start(const core::Scenario& scenario, std::uint64_t revision)
    {
        m_searched = scenario;
        m_revision = revision;
        m_started = true;
        m_stale = false;
    }
    /// Whether to take a result the session delivers for `revision`: this search's, or one made for
    /// the current scenario (`current`, the session's revision `now`: the session's latest search of
    /// this kind, however it was asked for), which then becomes the search held.
    [[nodiscard]] bool takes(std::uint64_t revision, const core::Scenario& current, std::uint64_t now)
    {
        if (m_started && revision == m_revision) return true;
        if (revision != now) return false;
        start(current, revision);
        return true;
    }
    /// The scenario became `current`: true when this makes a started search stale (it was not before).
    [[nodiscard]] bool becomesStale(const core::Scenario& current)
    {
        if (!m_started || m_stale || m_same(m_searched, current)) return false;
        m_stale = true;
        return true;
    }
    /// Its plans may be applied to `current`.
    [[nodiscard]] bool appliesTo(const core::Scenario& current) const
    {
        return m_started && !m_stale && m_same(m_searched, current);
    }
    [[nodiscard]] bool isStale() const { return m_stale; }
    [[nodiscard]] bool wasStarted() const { return m_started; }
    /// What the running or shown search started from.
    [[nodiscard]] const core::Scenario& searched() const { return m_searched; }

private:
    SameInputs m_same;
    core::Scenario m_searched;
    std::uint64_t m_revision = 0;
    bool m_started = false;
    bool m_stale = false;
};

} // namespace ui

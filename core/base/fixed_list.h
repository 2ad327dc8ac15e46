#pragma once
// A list of at most N values held in place: the lists an estimate builds on every slider tick (a
// layer's matmuls, the GEMMs a stack runs, the shape model's timings) allocate nothing.

#include <array>
#include <cassert>
#include <cstddef>

namespace core {

template <class T, std::size_t N> class FixedList {
public:
    void push_back(const T& value)
    {
        assert(m_size < N);
        if (m_size < N) m_items[m_size++] = value;
    }
    [[nodiscard]] std::size_t size() const { return m_size; }
    [[nodiscard]] const T& operator[](std::size_t i) const { return m_items[i]; }
    [[nodiscard]] const T* begin() const { return m_items.data(); }
    [[nodiscard]] const T* end() const { return m_items.data() + m_size; }

private:
    std::array<T, N> m_items {};
    std::size_t m_size = 0;
};

} // namespace core
